package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.UUID;

import org.junit.jupiter.api.Test;

/** Who calls, and what each client holds: the ground of the services' per-client quotas. */
class CallersTest {

    @Test
    void aCallFromThisJvmHasNoClient() {
        assertNull(Callers.current(), "no RMI call is served by this thread");
    }

    /** Tells who calls it, and who calls the service behind it. */
    public interface Who extends Remote {
        String caller() throws RemoteException;

        String callerOfTheServiceBehind() throws RemoteException;
    }

    private static final class WhoBackend implements Who {
        private final Who behind;

        WhoBackend(Who behind) {
            this.behind = behind;
        }

        @Override
        public String caller() {
            return Callers.current();
        }

        @Override
        public String callerOfTheServiceBehind() throws RemoteException {
            return behind.caller();
        }
    }

    @Test
    void aCallOverRmiHasItsPeerAndWhatItCallsThroughALocalPathHasNone() throws Exception {
        UUID behindId = UUID.randomUUID();
        WhoBackend behindBackend = new WhoBackend(null);
        Who behind = BackendRef.local(behindId, Who.class, behindBackend).backend();
        WhoBackend front = new WhoBackend(behind);
        RMIServerSocketFactory loopback = port -> {
            ServerSocket socket = new ServerSocket();
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return socket;
        };
        Who stub = (Who) UnicastRemoteObject.exportObject(front, 0, null, loopback);
        try {
            assertEquals(InetAddress.getLoopbackAddress().getHostAddress(), stub.caller(), "a call over RMI");
            // the service behind is called by the front service, in this JVM: no client to count
            assertNull(stub.callerOfTheServiceBehind());
            assertNull(behind.caller());
        } finally {
            UnicastRemoteObject.unexportObject(front, true);
            BackendRef.release(behindId, behindBackend);
        }
    }

    @Test
    void countsArePerClientAndTheNullClientIsNeverCounted() {
        Callers.Counts counts = new Callers.Counts();
        counts.add("127.0.0.3", 1);
        counts.add("127.0.0.3", 1);
        counts.add("127.0.0.1", 1);
        counts.add(null, 5);
        assertEquals(2, counts.of("127.0.0.3"));
        assertEquals(1, counts.of("127.0.0.1"));
        assertEquals(0, counts.of(null));
        counts.add("127.0.0.3", -2);
        assertEquals(0, counts.of("127.0.0.3"), "what a client gives back it holds no more");
        counts.add("127.0.0.3", 1);
        assertEquals(1, counts.of("127.0.0.3"));
    }
}
