package org.estuary.txn.internal;

import java.util.List;

import org.estuary.management.Action;
import org.estuary.management.Column;
import org.estuary.management.Format;
import org.estuary.management.Ids;
import org.estuary.management.ServiceView;
import org.estuary.management.Table;
import org.estuary.txn.admin.ParticipantInfo;
import org.estuary.txn.admin.TxnAdmin;
import org.estuary.txn.admin.TxnInfo;

/**
 * The transaction manager as operators see it, over its {@link TxnAdmin}: the transactions (active, voting,
 * committed and rolling forward, aborted), each one's participants with their votes and retry state, aborting one,
 * and the metrics. The shell and the web console render it ({@code estuary:transactions},
 * {@code estuary:participants TXN}, {@code estuary:txn-abort TXN}, {@code estuary:metrics}; the page
 * {@code estuary-txn}).
 */
final class TxnView {

    private TxnView() {
    }

    static ServiceView of(TxnAdmin admin) {
        Table<TxnInfo> transactions = new Table<>("transactions", "transaction",
                "Lists the transactions the manager holds: state, what it does with them now, lease, participants.",
                null, List.of(
                        Column.id("Transaction", TxnInfo::id),
                        Column.text("State", TxnInfo::state),
                        Column.text("Phase", TxnInfo::phase),
                        Column.text("Lease expires", txn -> txn.state().equals("ACTIVE")
                                ? Format.time(txn.expiration()) : null),
                        Column.number("Participants", TxnInfo::participants),
                        Column.text("Parent", TxnInfo::parent).width(60),
                        Column.text("Abort reason", TxnInfo::abortReason).width(80)),
                TxnInfo::id,
                (parent, offset, limit, after) -> after == null ? admin.transactions(offset, limit)
                        : admin.transactionsAfter(after, offset, limit),
                (parent, page) -> Format.count(page.total(), "transaction", "transactions"));
        Table<ParticipantInfo> participants = new Table<>("participants", "participant",
                "Lists the participants of a transaction in the order they joined: crash count, vote, whether they "
                        + "heard the outcome, failed calls and the last failure.",
                transactions, List.of(
                        Column.number("#", ParticipantInfo::index),
                        Column.text("Participant", ParticipantInfo::participant).width(80),
                        Column.number("Crash count", ParticipantInfo::crashCount),
                        Column.text("Vote", ParticipantInfo::vote),
                        Column.text("Heard outcome", p -> p.done() ? "yes" : "no"),
                        Column.number("Failed calls", ParticipantInfo::failures),
                        Column.text("Last failure", ParticipantInfo::lastFailure).width(80)),
                ParticipantInfo::index,
                (txn, offset, limit, after) -> {
                    if (!admin.knows(txn)) {
                        throw new IllegalArgumentException("no transaction " + Ids.format(txn));
                    }
                    return admin.participants(txn, offset, limit);
                },
                (txn, page) -> "transaction " + Ids.format(txn) + ", "
                        + Format.count(page.total(), "participant", "participants"));
        Action abort = new Action("txn-abort", "Abort", "Aborts a transaction as its client's abort would (TX.2.5): "
                + "its participants are told to roll back; a committed one cannot be aborted.", transactions,
                ids -> admin.abort(ids[0]), "Aborted transaction {0}", "no transaction {0}");
        return new ServiceView("txn", "Estuary transactions", List.of(transactions, participants),
                List.of(abort), admin::metrics);
    }
}
