package net.jini.core.transaction.server;

import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ProviderType;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.transaction.CannotJoinException;
import net.jini.core.transaction.NestableTransaction;
import net.jini.core.transaction.UnknownTransactionException;

/**
 * A transaction with the default semantics that may have nested transactions and may itself be nested in a
 * {@link #parent} (TX.3.3, TX.2.2). Equality and hash code are those of {@link ServerTransaction}: manager
 * and identifier; the parent does not take part.
 */
@ProviderType
public class NestableServerTransaction extends ServerTransaction implements NestableTransaction {

    // Serialized fields: parent (plus mgr and id of ServerTransaction).
    private static final long serialVersionUID = -3438419132543972925L;

    /**
     * The enclosing transaction, or {@code null} for a top-level transaction (TX.3.3).
     *
     * @serial
     */
    public final NestableServerTransaction parent;

    /**
     * Wraps a manager, an identifier and the parent. TX.3.3: meant for {@code TransactionFactory} and this
     * class, not for direct use; like the published API it does not check its arguments.
     *
     * @param mgr the manager that created the transaction
     * @param id the identifier the manager gave it
     * @param parent the enclosing transaction, or {@code null} for a top-level transaction
     */
    public NestableServerTransaction(NestableTransactionManager mgr, long id, NestableServerTransaction parent) {
        super(mgr, id);
        this.parent = parent;
    }

    /**
     * Creates a transaction nested in this one, managed by this transaction's manager (TX.3.1, TX.2.2).
     */
    @Override
    public NestableTransaction.Created create(long leaseFor)
            throws UnknownTransactionException, CannotJoinException, LeaseDeniedException, RemoteException {
        return create((NestableTransactionManager) mgr, leaseFor);
    }

    /**
     * Creates a transaction nested in this one, managed by {@code mgr}: asks {@code mgr} for a transaction
     * whose parent is this manager and identifier, and returns it with this object as its {@link #parent}
     * (TX.3.1, TX.2.2).
     *
     * @throws NullPointerException if {@code mgr} is {@code null}
     */
    @Override
    public NestableTransaction.Created create(NestableTransactionManager mgr, long leaseFor)
            throws UnknownTransactionException, CannotJoinException, LeaseDeniedException, RemoteException {
        if (mgr == null) {
            throw new NullPointerException("transaction manager is null");
        }
        TransactionManager.Created created = mgr.create((NestableTransactionManager) this.mgr, id, leaseFor);
        return new NestableTransaction.Created(new NestableServerTransaction(mgr, created.id, this), created.lease);
    }

    /**
     * Promotes participants of a nested transaction into this one; same as
     * {@code ((NestableTransactionManager) mgr).promote(id, parts, crashCounts, drop)} (TX.3.3, TX.2.7).
     * The arguments are passed on unchecked: the manager validates them.
     *
     * @param parts the participants to promote
     * @param crashCounts their crash counts, index for index
     * @param drop a participant to remove from this transaction, or {@code null}
     * @throws UnknownTransactionException if the transaction is unknown
     * @throws CannotJoinException if the transaction is no longer active
     * @throws CrashCountException if a crash count differs from one already known
     * @throws RemoteException on a communication failure
     */
    public void promote(TransactionParticipant[] parts, long[] crashCounts, TransactionParticipant drop)
            throws UnknownTransactionException, CannotJoinException, CrashCountException, RemoteException {
        ((NestableTransactionManager) mgr).promote(id, parts, crashCounts, drop);
    }

    /**
     * Whether {@code enclosing} is a proper ancestor of this transaction: its parent, its parent's parent, and
     * so on, compared with {@code equals} (TX.2.2, TX.3.3). A transaction does not enclose itself.
     *
     * @param enclosing the candidate ancestor; {@code null} gives {@code false}
     * @return {@code true} if some ancestor equals {@code enclosing}
     */
    public boolean enclosedBy(NestableTransaction enclosing) {
        // A proper ancestor: the parent itself or one of the parent's own enclosing transactions.
        return parent != null && (parent.equals(enclosing) || parent.enclosedBy(enclosing));
    }

    /**
     * TX.3.3: {@code true} exactly when there is a parent.
     */
    @Override
    public boolean isNested() {
        return parent != null;
    }

    @Override
    public String toString() {
        return getClass().getName() + "[mgr=" + mgr + ", id=" + id + ", parent=" + parent + "]";
    }
}
