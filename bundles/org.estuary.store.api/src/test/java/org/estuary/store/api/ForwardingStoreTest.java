package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.Test;

class ForwardingStoreTest {

    /** Records which of its methods were called, and answers with fixed objects. */
    private static final class Recording implements Store {
        final List<String> calls = new ArrayList<>();
        final CompletableFuture<Void> stage = new CompletableFuture<>();
        final StoreStats stats = StoreStats.builder("recording").build();

        @Override
        public CompletionStage<Void> apply(Batch batch) {
            calls.add("apply");
            return stage;
        }

        @Override
        public void applyAndWait(Batch batch, long timeout, TimeUnit unit) {
            calls.add("applyAndWait " + timeout + " " + unit); // its own, not the default over apply
        }

        @Override
        public void scan(String space, BiConsumer<String, byte[]> visitor) {
            calls.add("scan " + space);
            visitor.accept("k", new byte[] {1});
        }

        @Override
        public Set<String> spaces() {
            calls.add("spaces");
            return Set.of("s");
        }

        @Override
        public StoreStats stats() {
            calls.add("stats");
            return stats;
        }
    }

    @Test
    void everyMethodReachesTheDelegate() throws Exception {
        // S1-S8 are the delegate's: the forwarding store adds nothing, and a backend's own applyAndWait (a leader
        // writing in the caller's thread) is kept rather than replaced by the interface's default
        Recording target = new Recording();
        Store forwarding = new ForwardingStore() {
            @Override
            protected Store delegate() {
                return target;
            }
        };
        Batch batch = Batch.builder().put("s", "k", new byte[] {1}).build();
        assertSame(target.stage, forwarding.apply(batch));
        forwarding.applyAndWait(batch, 5, TimeUnit.SECONDS);
        List<String> seen = new ArrayList<>();
        forwarding.scan("s", (key, value) -> seen.add(key));
        assertEquals(Set.of("s"), forwarding.spaces());
        assertSame(target.stats, forwarding.stats());
        assertEquals(List.of("k"), seen);
        assertEquals(List.of("apply", "applyAndWait 5 SECONDS", "scan s", "spaces", "stats"), target.calls);
    }
}
