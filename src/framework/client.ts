'use client'
// #framework/client: what client components import.
export { useParams, usePathname, useRouter, useSearchParams } from './client/hooks.ts'
export { Link, type LinkProps, useLinkStatus } from './client/link.tsx'
