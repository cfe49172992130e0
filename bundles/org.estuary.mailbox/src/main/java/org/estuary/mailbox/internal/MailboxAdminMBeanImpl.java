package org.estuary.mailbox.internal;

import java.io.IOException;
import java.util.Map;

import org.estuary.mailbox.admin.MailboxAdmin;
import org.estuary.mailbox.admin.RegistrationInfo;
import org.estuary.management.Format;
import org.estuary.management.Ids;

/** {@link MailboxAdminMXBean} over a {@link MailboxAdmin}. */
final class MailboxAdminMBeanImpl implements MailboxAdminMXBean {

    private final MailboxAdmin admin;

    MailboxAdminMBeanImpl(MailboxAdmin admin) {
        this.admin = admin;
    }

    @Override
    public long getRegistrationCount() {
        return admin.registrationCount();
    }

    @Override
    public long getEventCount() {
        return admin.eventCount();
    }

    @Override
    public long getBytes() {
        return admin.bytes();
    }

    @Override
    public Map<String, Long> getMetrics() {
        return admin.metrics();
    }

    @Override
    public String[] registrations(long offset, int limit) {
        return admin.registrations(offset, limit).items().stream().map(MailboxAdminMBeanImpl::line)
                .toArray(String[]::new);
    }

    @Override
    public boolean disableDelivery(String id) throws IOException {
        return admin.disableDelivery(Ids.parse(id));
    }

    @Override
    public boolean cancel(String id) throws IOException {
        return admin.cancel(Ids.parse(id));
    }

    private static String line(RegistrationInfo r) {
        return Ids.format(r.id()) + " " + Format.time(r.expiration()) + " events=" + r.events() + " bytes="
                + r.bytes() + " target=" + r.target() + " iterator=" + r.iterator() + " unknown=" + r.unknownEvents();
    }
}
