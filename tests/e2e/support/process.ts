// A child process that the tests start and always stop: its output is kept line by line (so a
// test can wait for a line or read the server log), and it is ended by its own PID, never by name.
import { type ChildProcess, spawn } from 'node:child_process'

export interface OutputLine {
  stream: 'stdout' | 'stderr'
  /** The line without its newline and without terminal colour codes. */
  text: string
}

export interface ExitStatus {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface SpawnOptions {
  /** A short name for error messages, e.g. "production server". */
  name: string
  cwd: string
  env?: NodeJS.ProcessEnv
  /**
   * Start the process in its own process group and signal the whole group. For commands that
   * start the real process as a grandchild (`npm start` → sh → node).
   */
  group?: boolean
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes start with ESC
const ANSI_ESCAPE = /\u001b\[[0-9;?]*[A-Za-z]/g

/** Every process started here, so none outlives the test run even when a test crashes. */
const running = new Set<ManagedProcess>()
process.once('exit', () => {
  for (const child of running) child.signal('SIGKILL')
})

export class ManagedProcess {
  readonly name: string
  readonly pid: number
  readonly output: OutputLine[] = []
  /** Settles when the process has exited (never rejects). */
  readonly exited: Promise<ExitStatus>
  private exitStatus: ExitStatus | null = null
  private readonly listeners = new Set<() => void>()
  private readonly group: boolean

  private constructor(child: ChildProcess, options: SpawnOptions) {
    if (child.pid === undefined) throw new Error(`Could not start the ${options.name}.`)
    this.name = options.name
    this.pid = child.pid
    this.group = options.group ?? false
    this.exited = new Promise<ExitStatus>((resolve) => {
      // 'close' comes after 'exit' and after the output streams have ended: no line is missed.
      child.once('close', (code, signal) => {
        this.exitStatus = { code, signal }
        running.delete(this)
        this.notify()
        resolve(this.exitStatus)
      })
    })
    this.capture(child, 'stdout')
    this.capture(child, 'stderr')
    running.add(this)
  }

  static spawn(command: string, args: string[], options: SpawnOptions): ManagedProcess {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.group ?? false,
    })
    return new ManagedProcess(child, options)
  }

  /** The output so far, one line each, for assertions and error messages. */
  log(): string {
    return this.output.map((line) => line.text).join('\n')
  }

  get hasExited(): boolean {
    return this.exitStatus !== null
  }

  /**
   * Resolves with the first output line (already written or still to come) matching `pattern`.
   * Rejects when the process exits first or after `timeoutMs`, with the output in the message.
   * With `fromLine` (an earlier `output.length`), only lines written since then count.
   */
  waitForLine(pattern: RegExp, timeoutMs = 60_000, fromLine = 0): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      let checked = fromLine
      const check = () => {
        for (; checked < this.output.length; checked++) {
          const match = this.output[checked]!.text.match(pattern)
          if (match) return done(() => resolve(match))
        }
        if (this.exitStatus) {
          const { code, signal } = this.exitStatus
          return done(() =>
            reject(
              new Error(
                `The ${this.name} exited (code ${code}, signal ${signal}) before printing ${pattern}. Output:\n${this.log()}`,
              ),
            ),
          )
        }
      }
      const timer = setTimeout(
        () =>
          done(() =>
            reject(
              new Error(
                `The ${this.name} did not print ${pattern} within ${timeoutMs} ms. Output:\n${this.log()}`,
              ),
            ),
          ),
        timeoutMs,
      )
      const done = (settle: () => void) => {
        clearTimeout(timer)
        this.listeners.delete(check)
        settle()
      }
      this.listeners.add(check)
      check()
    })
  }

  /** Sends a signal to the process (or its group); does nothing once it has exited. */
  signal(signal: NodeJS.Signals): void {
    if (this.exitStatus) return
    try {
      process.kill(this.group ? -this.pid : this.pid, signal)
    } catch (error) {
      // ESRCH: it exited between the check and the kill.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
    }
  }

  /** SIGTERM, then SIGKILL if it is still running after `graceMs`. Resolves once it has exited. */
  async stop(graceMs = 10_000): Promise<ExitStatus> {
    this.signal('SIGTERM')
    const timer = setTimeout(() => this.signal('SIGKILL'), graceMs)
    try {
      return await this.exited
    } finally {
      clearTimeout(timer)
    }
  }

  private capture(child: ChildProcess, stream: OutputLine['stream']) {
    const source = child[stream]
    if (!source) return
    source.setEncoding('utf8')
    let partial = ''
    const push = (text: string) => {
      this.output.push({ stream, text: text.replace(ANSI_ESCAPE, '') })
    }
    source.on('data', (data: string) => {
      const lines = (partial + data).split(/\r?\n/)
      partial = lines.pop() ?? ''
      for (const line of lines) push(line)
      this.notify()
    })
    source.on('end', () => {
      if (partial) push(partial)
      partial = ''
      this.notify()
    })
  }

  private notify() {
    for (const listener of [...this.listeners]) listener()
  }
}
