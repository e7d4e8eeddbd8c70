'use client'

export { default } from '../../errors/error.tsx'
