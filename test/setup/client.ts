import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy routes load their chunk asynchronously; on a busy 2-core machine (CI runs every project at once)
// the 1 s default of findBy*/waitFor is too tight. Fake-timer tests are not affected.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
