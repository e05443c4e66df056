import { killScenario } from './faults-kill-scenario';

// SIGKILL under load, restart, SIGTERM with a request in flight: see faults-kill-scenario.ts.
killScenario('postgres');
