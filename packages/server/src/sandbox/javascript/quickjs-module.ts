// The QuickJS WebAssembly module of the process. Instantiating it takes tens of milliseconds, so it is
// loaded once, when this file is first imported (top-level await), and every evaluation then creates
// only a fresh runtime and context inside it, synchronously: the scrape and check pipelines that run
// scripts are synchronous, and a module ready at import keeps them so.
//
// Its linear memory is ours, with a hard maximum: QuickJS's own malloc limit counts allocations
// rather than bytes in this build (no malloc_usable_size), so the cap that holds is the memory the
// module can grow to. Scripts run one at a time, so each has the whole of it.
//
// A host exception escaping from inside WebAssembly (V8's own stack exhausted by deep recursion in the
// QuickJS parser) unwinds C code without its cleanup and leaves the module's stack pointer and heap
// unknown: that instance is dropped and a fresh one loaded in the background.
import { newQuickJSWASMModuleFromVariant, newVariant, RELEASE_SYNC, type QuickJSWASMModule } from 'quickjs-emscripten';
import { JavascriptError } from './javascript-error.js';

const PAGE = 64 * 1024;
/** The most memory the sandbox may use, whatever the script does. */
export const SANDBOX_MEMORY_BYTES = 128 * 1024 * 1024;
const INITIAL_MEMORY_BYTES = 16 * 1024 * 1024;
// The server's tsconfig has Node's types only, which do not describe WebAssembly.Memory: take the value.
const { Memory } = (globalThis as unknown as { WebAssembly: { Memory: new (d: { initial: number; maximum: number }) => object } })
  .WebAssembly;

let current: QuickJSWASMModule | undefined = await newModule();
let loading: Promise<void> | undefined;

/** The module to create runtimes in; throws while a replacement is loading. */
export function quickjsModule(): QuickJSWASMModule {
  if (current) return current;
  loading ??= load();
  throw new JavascriptError('the JavaScript sandbox is restarting after a failure; the script will run next time');
}

/** Drops the current instance (it may be corrupt) and loads a fresh one. */
export function discardQuickjsModule(): void {
  current = undefined;
  loading ??= load();
}

/** Resolves when a module is ready (tests wait for a replacement with it). */
export async function quickjsReady(): Promise<void> {
  while (loading) await loading;
}

function newModule(): Promise<QuickJSWASMModule> {
  const wasmMemory = new Memory({ initial: INITIAL_MEMORY_BYTES / PAGE, maximum: SANDBOX_MEMORY_BYTES / PAGE });
  return newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmMemory }));
}

// Loading worked at start, so a failure now is transient (memory): the next call tries again.
async function load(): Promise<void> {
  try {
    current = await newModule();
  } catch {
    current = undefined;
  } finally {
    loading = undefined;
  }
}
