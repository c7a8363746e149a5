/**
 * @module @listings/marketplaces/testkit
 * What tests and benchmarks use beside the adapters, kept off the package's production index:
 * the test marketplace (a minimal adapter and simulator that prove the service core without a
 * real site), the captured pages and their golden values, and the shape sets that hold the
 * simulators to the captures.
 */
export { createTestMarketplace, testListings, parseTestPage } from './test-marketplace.ts';
export { FIXTURES_DIR, TEST_DATA_DIR, readTestData, readCapture, fixturesAvailable, readFixture, describeWithFixtures } from './fixtures.ts';
export { GOLDEN_DIR, captureToken, goldenPath, hasGolden, readGolden, goldenDiff, expectGolden, judgementProblem, type Golden, type GoldenExpect, type Reading } from './golden.ts';
export { digitKeys, jsonShapes, htmlShapes, inventedShapes, unionShapes, type KeyFold } from './shapes.ts';
