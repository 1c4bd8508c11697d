/** Resolves once `url` answers 2xx (a process started by a bench is ready), polling every 100 ms for at most two minutes. */
export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 1_200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}
