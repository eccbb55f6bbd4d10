/** Resolves in a task of its own (a timer's), so that the work after it is not part of the current task. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
