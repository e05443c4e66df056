import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

// DEVELOPERS.md: any console.error in a test fails it.
let spy: MockInstance<typeof console.error>;

beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = spy.mock.calls.map((args) => args.map(String).join(' '));
  spy.mockRestore();
  expect(calls, 'console.error was called during the test').toEqual([]);
});
