package org.estuary.renewal.internal;

import org.estuary.renewal.conformance.TestLandlord;
import org.junit.jupiter.api.AfterEach;

/**
 * The fixture most service tests share: a {@link Harness} (manual clock, memory store) and a landlord on its clock,
 * both closed after each test.
 */
abstract class HarnessTest {

    final Harness harness = new Harness();
    final TestLandlord landlord = new TestLandlord(harness.clock);

    @AfterEach
    void closeHarness() {
        harness.close();
        landlord.close();
    }
}
