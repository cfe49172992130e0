package org.estuary.client.kept;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEventListener;

import org.estuary.client.EstuaryClient;
import org.estuary.io.SerialFilter;
import org.estuary.remote.RemoteSettings;

/**
 * A client in a JVM of its own: args host, port, and "wide" (its filter allows java.util.concurrent) or "default".
 * Prints "reply: ..." (what the keeper's reply holds, read here) and "event: ..." (what an event to its listener
 * holds).
 */
public final class KeptClientMain {

    public static void main(String[] args) throws Exception {
        SerialFilter filter = args[2].equals("wide")
                ? SerialFilter.defaults().toBuilder().allow("java.util.concurrent.**").build()
                : SerialFilter.defaults();
        try (EstuaryClient client = EstuaryClient.connect(args[0], Integer.parseInt(args[1]),
                RemoteSettings.builder().filter(filter).build())) {
            Keeper keeper = client.lookup("keeper", Keeper.class);
            System.out.println("reply: " + outcome(() -> keeper.held()[0].get()));
            CompletableFuture<Object> received = new CompletableFuture<>();
            RemoteEventListener listener = client.exportListener(event -> {
                try {
                    received.complete(((KeptEvent) event).kept());
                } catch (Exception e) {
                    received.complete(e);
                }
            });
            keeper.send(listener);
            Object got = received.get(30, TimeUnit.SECONDS);
            System.out.println("event: " + (got instanceof Exception ? "refused " + got.getClass().getSimpleName()
                    : "ok " + got));
        }
    }

    private interface Read {
        Object read() throws Exception;
    }

    private static String outcome(Read read) {
        try {
            return "ok " + read.read();
        } catch (Exception e) {
            return "refused " + e.getClass().getSimpleName();
        }
    }
}
