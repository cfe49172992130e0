package org.estuary.mailbox.internal;

import java.io.IOException;
import java.rmi.NoSuchObjectException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import net.jini.core.lease.UnknownLeaseException;

import org.estuary.mailbox.admin.MailboxAdmin;
import org.estuary.mailbox.admin.RegistrationInfo;
import org.estuary.mailbox.admin.UnknownEventInfo;
import org.estuary.management.Format;
import org.estuary.management.Page;
import org.estuary.management.Pages;

/** {@link MailboxAdmin} over the mailbox's state, read under its lock. */
final class AdminView implements MailboxAdmin {

    private final MailboxService service;
    private final MailboxState state;

    AdminView(MailboxService service) {
        this.service = service;
        this.state = service.state();
    }

    @Override
    public long registrationCount() {
        return state.read(() -> (long) state.registrations.size());
    }

    @Override
    public long eventCount() {
        return service.counts()[1];
    }

    @Override
    public long bytes() {
        return state.read(() -> state.totalBytes);
    }

    @Override
    public Map<String, Long> metrics() {
        return state.metrics.snapshot();
    }

    @Override
    public Page<RegistrationInfo> registrations(long offset, int limit) {
        return state.read(() -> Pages.at(state.registrations, offset, limit, AdminView::info));
    }

    @Override
    public Page<RegistrationInfo> registrationsAfter(long afterId, long offset, int limit) {
        return state.read(() -> Pages.after(state.registrations, afterId, offset, limit, AdminView::info));
    }

    @Override
    public Optional<RegistrationInfo> registration(long id) {
        return state.read(() -> Optional.ofNullable(state.registrations.get(id)).map(AdminView::info));
    }

    @Override
    public Page<UnknownEventInfo> unknownEvents(long id, long offset, int limit) {
        return state.read(() -> {
            Registration r = state.registrations.get(id);
            if (r == null) {
                return Pages.empty(offset, limit);
            }
            List<UnknownEventInfo> pairs = new ArrayList<>(r.unknown.size());
            for (UnknownEvent pair : r.unknown) {
                pairs.add(new UnknownEventInfo(pairs.size() + 1, pair.eventId(), "serialized source of "
                        + pair.source().size() + " bytes, hash " + Integer.toHexString(pair.source().hashCode())));
            }
            return Pages.of(pairs, offset, limit);
        });
    }

    @Override
    public boolean disableDelivery(long id) throws IOException {
        try {
            service.disableDelivery(id);
            return true;
        } catch (NoSuchObjectException gone) {
            return false;
        }
    }

    @Override
    public boolean cancel(long id) throws IOException {
        try {
            service.cancel(id);
            return true;
        } catch (UnknownLeaseException gone) {
            return false;
        }
    }

    private static RegistrationInfo info(Registration r) {
        return new RegistrationInfo(r.id, r.expiration, r.events.size(), r.bytes,
                r.target == null ? null : Format.describe(r.target), r.iteratorOpen ? r.iteratorSeq : 0,
                r.unknown.size(), r.lastFailure);
    }
}
