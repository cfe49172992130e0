package org.estuary.renewal.conformance;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * How the suite's client-side callbacks (a {@link TestLandlord}'s landlord, a {@link TestListener}) reach the
 * service: in-JVM the serializable reference itself, which resolves its target in this JVM; from another JVM an
 * exported stub (for example {@code EstuaryClient::export}), so the service calls back into the test's JVM.
 */
@FunctionalInterface
public interface Exporter {

    /** The service runs in this JVM: references are passed as they are. */
    Exporter IN_JVM = Exporter::asIs;

    /** What to hand to the service in place of {@code object}. */
    <T extends Remote> T export(Class<T> type, T object) throws RemoteException;

    private static <T extends Remote> T asIs(Class<T> type, T object) {
        return object;
    }
}
