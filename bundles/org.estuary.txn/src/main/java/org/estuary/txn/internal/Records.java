package org.estuary.txn.internal;

import java.io.IOException;
import java.util.List;

import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.io.Marshaller;

/**
 * The manager's records in its store: its id ({@value #MANAGER}) and one commit record per top-level transaction
 * past its commit point whose roll-forward has not finished ({@value #COMMITTED}, TX.2.8): the PREPARED participants,
 * marshalled, under the transaction id in unsigned decimal. Nothing else is durable: a transaction short of its
 * commit point is aborted by a crash, which forgetting it achieves (TX.2.8.1: an unknown transaction is aborted).
 */
final class Records {

    static final String MANAGER = "txn/manager";
    static final String COMMITTED = "txn/committed";

    private final Marshaller marshaller;

    Records(Marshaller marshaller) {
        this.marshaller = marshaller;
    }

    static String key(long id) {
        return Long.toUnsignedString(id);
    }

    static long id(String key) {
        return Long.parseUnsignedLong(key);
    }

    /**
     * The commit record of {@code prepared}.
     *
     * @throws IOException naming the participant when one cannot be serialized
     */
    byte[] commitRecord(List<Joined> prepared) throws IOException {
        TransactionParticipant[] parts = new TransactionParticipant[prepared.size()];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = prepared.get(i).participant;
        }
        try {
            return marshaller.marshal(parts);
        } catch (IOException e) {
            throw new IOException("a PREPARED participant cannot be written to the commit record (TX.2.8 needs it "
                    + "durable; participants must be serializable, as RMI stubs and Estuary's proxies are): " + e, e);
        }
    }

    /** The participants of a commit record. */
    TransactionParticipant[] participants(byte[] record) throws IOException, ClassNotFoundException {
        return marshaller.unmarshal(record, TransactionParticipant[].class);
    }

}
