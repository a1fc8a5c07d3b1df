// Room for Python's memory snapshot. Pyodide restores a snapshot into the wasm memory as it was
// instantiated (30 MiB); a larger snapshot fails («RangeError: offset is out of bounds») and the
// page silently starts Python from scratch. So the memory is grown first to the snapshot's size,
// which Pyodide tells the module as INITIAL_MEMORY (prepareSnapshot) and this instantiated module
// otherwise ignores. Emscripten's own `growMemory` grows it and updates the module's views of it;
// grown memory is zeros, so what the snapshot does not cover is as fresh as ever. (Growing it by
// a malloc() and free() instead, as before, left the allocator's bookkeeping in the new memory,
// and zeroing it again cost 8 ms of the page's main thread, ~25 ms under a profiler.)
//   loadPyodide({ createPyodideModule: roomForSnapshot(factory), _loadSnapshot, ... })
export function roomForSnapshot(factory) {
  return async (settings) => {
    const module = await factory(settings);
    const wanted = settings.noInitialRun ? settings.INITIAL_MEMORY || 0 : 0;
    if (wanted > module.HEAP8.length && !module.growMemory(wanted)) {
      throw new RangeError(`no room for a ${wanted}-byte snapshot`); // the caller starts from scratch
    }
    return module;
  };
}
