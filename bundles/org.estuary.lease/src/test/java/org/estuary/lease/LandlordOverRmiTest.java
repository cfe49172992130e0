package org.estuary.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.UUID;

import net.jini.core.lease.LeaseMap;
import net.jini.core.lease.LeaseMapException;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.ManualClock;
import org.estuary.lease.client.ClientClock;
import org.estuary.lease.client.LandlordLease;
import org.junit.jupiter.api.Test;
import org.estuary.lease.client.Landlord;

/** The Landlord interface as RMI sees it: a lease whose landlord is a stub, serialized and used from a copy. */
class LandlordOverRmiTest {

    private static final class Loopback implements RMIClientSocketFactory, RMIServerSocketFactory,
            java.io.Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return new Socket(InetAddress.getLoopbackAddress(), port);
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Loopback;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    @Test
    void leasesWorkThroughAnRmiStub() throws Exception {
        // LE.2.2 over RMI: renew, batch renew and cancel through an exported landlord; LE.2.4 serial form
        ManualClock clock = TestClocks.manual();
        LeaseTable<String> table =
                new LeaseTable<>(clock, new LeasePolicy(10_000, 60_000), 10, new RecordingListener<>(clock));
        Loopback sockets = new Loopback();
        Landlord stub = (Landlord) UnicastRemoteObject.exportObject(table, 0, sockets, sockets);
        try {
            UUID id = UUID.randomUUID();
            LandlordLease a = table.grant("a", 10_000).lease(stub, id, clock);
            LandlordLease b = table.grant("b", 10_000).lease(stub, id, clock);
            ManualClock remote = new ManualClock(TestClocks.START + 500_000);
            LandlordLease copy = transfer(a, remote);
            assertEquals(remote.currentTimeMillis() + 10_000, copy.getExpiration());
            copy.renew(30_000);
            assertEquals(remote.currentTimeMillis() + 30_000, copy.getExpiration());
            table.cancel(b.leaseId());
            LeaseMap map = copy.createLeaseMap(20_000);
            map.put(transfer(b, remote), 20_000L);
            LeaseMapException failed = assertThrows(LeaseMapException.class, map::renewAll);
            assertInstanceOf(UnknownLeaseException.class, failed.exceptionMap.values().iterator().next());
            assertEquals(1, map.size());
            copy.cancel();
            assertThrows(UnknownLeaseException.class, copy::cancel);
        } finally {
            UnicastRemoteObject.unexportObject(table, true);
        }
    }

    private static LandlordLease transfer(LandlordLease lease, ManualClock readerClock) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(lease);
        }
        try (ClientClock.Scope scope = ClientClock.use(readerClock);
                ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (LandlordLease) in.readObject();
        }
    }
}
