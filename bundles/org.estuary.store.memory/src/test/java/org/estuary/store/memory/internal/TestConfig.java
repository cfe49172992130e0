package org.estuary.store.memory.internal;

import java.lang.annotation.Annotation;

/** A {@link MemoryStoreComponent.Config} as SCR would build it from a configuration. */
final class TestConfig {

    private TestConfig() {
    }

    static MemoryStoreComponent.Config of(long maxRecords, long maxBytes) {
        return new MemoryStoreComponent.Config() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return MemoryStoreComponent.Config.class;
            }

            @Override
            public long max_records() {
                return maxRecords;
            }

            @Override
            public long max_bytes() {
                return maxBytes;
            }
        };
    }
}
