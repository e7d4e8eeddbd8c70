// The types of install-plan.mjs, for the unit test that imports it (the installer is plain JS).

export declare const TOOLCHAIN_NODE_MAJOR: number

export interface ToolchainLink {
  /** Where the link goes, in the project's node_modules. */
  path: string
  /** What it points to, in the toolchain's node_modules. */
  target: string
  /** The package it belongs to. */
  package: string
}

export type ExistingEntry = { kind: 'missing' } | { kind: 'link'; to: string } | { kind: 'other' }

export declare function toolchainLinks(projectDir: string, toolchainDir: string): ToolchainLink[]
export declare function nodeVersionNotice(version: string): string | undefined
export declare function toolchainHash(packageJson: string, packageLock: string): string
export declare function needsInstall(
  installedHash: string | undefined,
  currentHash: string,
): boolean
export declare function declaredPackages(packageJson: {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}): string[]
export declare function needsLink(
  link: ToolchainLink,
  existing: ExistingEntry,
  declaredByProject: readonly string[],
): boolean
export declare function isEngineWarning(line: string): boolean
