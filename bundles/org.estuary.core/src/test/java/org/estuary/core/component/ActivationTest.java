package org.estuary.core.component;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** An activation completes or undoes everything it started, newest first; a deactivation undoes everything. */
class ActivationTest {

    private final List<String> log = new ArrayList<>();

    @Test
    void aFailingStepUndoesEveryEarlierStepNewestFirstAndRethrows() throws Exception {
        Activation activation = new Activation("a test service");
        ExecutorService threads = activation.start("threads", () -> Executors.newFixedThreadPool(2),
                pool -> {
                    pool.shutdownNow();
                    log.add("threads stopped");
                });
        threads.submit(() -> { }).get(); // a thread runs
        activation.start("registration", () -> log.add("registered"), added -> log.add("unregistered"));
        IOException failure = new IOException("recovery failed");
        IOException thrown = assertThrows(IOException.class, () -> activation.start("recovery", () -> {
            throw failure;
        }, nothing -> log.add("never started, never undone")));

        assertSame(failure, thrown);
        assertEquals(List.of("registered", "unregistered", "threads stopped"), log);
        assertTrue(threads.awaitTermination(10, TimeUnit.SECONDS), "no thread left running");
        activation.close();
        assertEquals(3, log.size(), "nothing is undone twice");
    }

    @Test
    void closeUndoesEveryStepNewestFirstEvenWhenOneUndoFails() {
        Activation activation = new Activation("a test service");
        activation.start("first", () -> "a", started -> log.add("undo " + started));
        activation.start("second", () -> "b", started -> {
            throw new IllegalStateException("already gone");
        });
        activation.start("third", () -> "c", started -> log.add("undo " + started));
        activation.close();
        assertEquals(List.of("undo c", "undo a"), log);
        activation.close();
        assertEquals(2, log.size(), "closing twice undoes nothing more");
    }

    @Test
    void anUndoThatFailsAfterAFailedStepIsSuppressedInTheStepsException() {
        Activation activation = new Activation("a test service");
        activation.start("registration", () -> "r", started -> {
            throw new IOException("unregister failed");
        });
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> activation.run(() -> {
            throw new IllegalArgumentException("bad configuration");
        }));
        assertEquals("bad configuration", thrown.getMessage());
        assertEquals("unregister failed", thrown.getSuppressed()[0].getMessage());
    }

    @Test
    void anAutoCloseableStepIsClosed() throws Exception {
        Activation activation = new Activation("a test service");
        activation.start("resource", () -> (AutoCloseable) () -> log.add("closed"));
        activation.close();
        assertEquals(List.of("closed"), log);
    }

    @Test
    void anAttachmentAttachesOnlyWhileActive() {
        Attachment<String> exporter = new Attachment<>(e -> log.add("attach " + e), e -> log.add("detach " + e));
        exporter.bind("one");
        assertEquals(List.of(), log, "bound before activation: not yet attached");
        Activation activation = new Activation("a test service");
        activation.start("export", exporter::activate, Attachment::deactivate);
        exporter.bind("two"); // a greedy rebind while active
        exporter.unbind("one"); // the old one's unbind comes after: nothing to detach
        activation.close();
        exporter.bind("three");
        exporter.unbind("three");
        assertEquals(List.of("attach one", "detach one", "attach two", "detach two"), log);
    }
}
