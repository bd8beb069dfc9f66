// A suite's first real database may be built from scratch (a few seconds on PGlite).
jest.setTimeout(30_000);
