// Room for Python's memory snapshot. Pyodide restores a snapshot into the wasm memory as it was
// instantiated (30 MiB); a larger snapshot fails («RangeError: offset is out of bounds») and the
// page silently starts Python from scratch. So grow the memory first, through Emscripten's own
// allocator (so that its views of the memory follow), then zero it: the snapshot overwrites what
// it covers, and the rest is as fresh as grown memory. Pyodide tells the module the snapshot's size
// as INITIAL_MEMORY (prepareSnapshot), which this instantiated module otherwise ignores.
// `covered()`, where the caller knows it, is how many bytes from the start the restore writes
// (the snapshot less its header): only the memory above them is zeroed, ~30 ms less on the page's
// main thread than zeroing all ~38 MB; the snapshot overwrites the rest either way.
//   loadPyodide({ createPyodideModule: roomForSnapshot(factory, covered?), _loadSnapshot, ... })
export function roomForSnapshot(factory, covered = () => 0) {
  return async (settings) => {
    const module = await factory(settings);
    const wanted = settings.noInitialRun ? settings.INITIAL_MEMORY || 0 : 0;
    if (wanted > module.HEAP8.length) {
      module._free(module._malloc(wanted));
      module.HEAP8.fill(0, Math.max(0, Math.min(covered(), wanted)));
    }
    return module;
  };
}
