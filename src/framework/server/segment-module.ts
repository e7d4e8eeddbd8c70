// A route file's module as the element tree renders it: its default export, the component, and
// its `dynamic` option. A file without a default export fails with what to do (wire/errors.ts).
import type { ComponentType } from 'react'
import { missingDefaultExportMessage } from '../wire/errors.ts'
import type { Core } from './core-state.ts'

type AnyComponent = ComponentType<Record<string, unknown>>

/** Loads `file` (relative to the routes folder) with the handler's route-module loader. */
export async function loadModule(
  load: Core['load'],
  file: string,
): Promise<{ Component: AnyComponent; dynamic: unknown }> {
  const mod = await load(file)
  if (typeof mod.default !== 'function' && typeof mod.default !== 'object') {
    throw new Error(missingDefaultExportMessage(file, Object.keys(mod)))
  }
  return { Component: mod.default as AnyComponent, dynamic: mod.dynamic }
}
