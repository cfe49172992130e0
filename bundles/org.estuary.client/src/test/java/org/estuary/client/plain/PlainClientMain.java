package org.estuary.client.plain;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;

import org.estuary.client.EstuaryClient;

/**
 * A plain Java client: only the API jar and the client jars on its class path. Looks up the service bound under
 * RemoteEventListener's name, exports its own listener, asks the service to call it back.
 */
public final class PlainClientMain {

    public static void main(String[] args) throws Exception {
        try (EstuaryClient client = EstuaryClient.connect(args[0], Integer.parseInt(args[1]))) {
            RemoteEventListener service = client.lookup(RemoteEventListener.class);
            CountDownLatch pong = new CountDownLatch(1);
            RemoteEventListener mine = client.exportListener(event -> {
                if ("pong".equals(event.getSource())) {
                    pong.countDown();
                }
            });
            service.notify(new RemoteEvent(mine, 7, 1, null));
            if (!pong.await(20, TimeUnit.SECONDS)) {
                System.out.println("NO CALLBACK");
                System.exit(2);
            }
            System.out.println("OK " + client.names());
        }
    }
}
