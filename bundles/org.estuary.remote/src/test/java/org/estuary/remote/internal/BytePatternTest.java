package org.estuary.remote.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class BytePatternTest {

    private final AtomicInteger matches = new AtomicInteger();

    private BytePattern watching(String pattern) {
        return new BytePattern(pattern.getBytes(StandardCharsets.US_ASCII), matches::incrementAndGet);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void findsEachOccurrenceWhereverTheWritesSplitIt() {
        BytePattern watch = watching("abcab");
        byte[] stream = bytes("xxabcabyyabcabcabzz");
        for (int split = 0; split <= stream.length; split++) {
            matches.set(0);
            BytePattern fresh = watching("abcab");
            fresh.seen(stream, 0, split);
            fresh.seen(stream, split, stream.length - split);
            assertEquals(3, matches.get(), "split at " + split); // overlapping: abcab, abcab(cab)
        }
        matches.set(0);
        for (byte b : stream) {
            watch.seen(b);
        }
        assertEquals(3, matches.get(), "a byte at a time");
    }

    @Test
    void aPartialMatchThatFailsFallsBackToTheLongestPrefixStillMatched() {
        BytePattern watch = watching("aab");
        watch.seen(bytes("aaab"), 0, 4);
        assertEquals(1, matches.get());
        watch.seen(bytes("abab"), 0, 4);
        assertEquals(1, matches.get());
    }

    @Test
    void anEmptyPatternIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new BytePattern(new byte[0], () -> { }));
    }
}
