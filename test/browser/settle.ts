/**
 * Lets the page's scheduled work run: a few posted-message tasks, each after the microtasks
 * (Vue's and Svelte's flushes) and after the MessageChannel task React's scheduler posted before
 * it. An event-loop wait, not a clock: it takes as long as the work, however loaded the machine.
 *
 * @example
 * actor.send({ type: 'TOUCH' });
 * await settle();
 * expect(renders).toBe(0);
 */
export async function settle(tasks = 3): Promise<void> {
  for (let i = 0; i < tasks; i++) {
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
}
