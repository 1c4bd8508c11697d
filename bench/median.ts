/** The middle value of a bench's rounds (the upper middle of an even count): one round's own figure. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
