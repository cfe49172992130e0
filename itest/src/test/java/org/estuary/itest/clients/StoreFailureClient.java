package org.estuary.itest.clients;

import java.rmi.RemoteException;
import java.rmi.ServerException;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.RemoteEventListener;
import net.jini.discovery.LookupDiscoveryService;
import net.jini.event.PullEventMailbox;
import net.jini.lease.LeaseRenewalService;

import org.estuary.client.EstuaryClient;

/**
 * A plain Java program with only the API jar and the client's {@code remote} jar on its class path (and this class):
 * creates renewal sets with the lease renewal service ({@code renewal}), or registers with the event mailbox
 * ({@code mailbox}) or the lookup discovery service ({@code discovery}) at {@code host:port}, at most {@code max}
 * times, until one fails. Prints {@code REFUSED after N}, whether
 * the failure is definite (a {@code ServerException}, the service's own answer) or indefinite (any other
 * {@code RemoteException}: the client may retry), and the failure's chain, one {@code class: message} a line.
 * Prints {@code NEVER REFUSED} if all {@code max} succeeded. Exits 0 either way, non-zero on anything else.
 */
public final class StoreFailureClient {

    private StoreFailureClient() {
    }

    public static void main(String[] args) throws Exception {
        String service = args[2];
        int max = Integer.parseInt(args[3]);
        try (EstuaryClient client = EstuaryClient.connect(args[0], Integer.parseInt(args[1]))) {
            RemoteEventListener listener = client.exportListener(event -> { });
            int made = 0;
            try {
                for (; made < max; made++) {
                    if (service.equals("renewal")) {
                        client.lookup(LeaseRenewalService.class).createLeaseRenewalSet(60_000);
                    } else if (service.equals("mailbox")) {
                        client.lookup(PullEventMailbox.class).register(60_000);
                    } else {
                        client.lookup(LookupDiscoveryService.class).register(new String[0], new LookupLocator[0],
                                listener, null, 60_000);
                    }
                }
                System.out.println("NEVER REFUSED");
            } catch (RemoteException refused) {
                System.out.println("REFUSED after " + made + ": "
                        + (refused instanceof ServerException ? "definite" : "indefinite"));
                for (Throwable t = refused; t != null; t = t.getCause()) {
                    System.out.println(t.getClass().getName() + ": " + t.getMessage());
                }
            }
        }
    }
}
