package org.estuary.mailbox.internal;

import java.util.List;

import org.estuary.mailbox.admin.MailboxAdmin;
import org.estuary.mailbox.admin.RegistrationInfo;
import org.estuary.mailbox.admin.UnknownEventInfo;
import org.estuary.management.Action;
import org.estuary.management.Column;
import org.estuary.management.Format;
import org.estuary.management.Ids;
import org.estuary.management.ServiceView;
import org.estuary.management.Table;

/**
 * The event mailbox as operators see it, over its {@link MailboxAdmin}: the registrations with their stored events,
 * delivery state and failures, each registration's unknown-event list, disabling push delivery and cancelling a
 * registration. The shell and the web console render it ({@code estuary:mailbox-registrations},
 * {@code estuary:mailbox-unknown REGISTRATION}, {@code estuary:mailbox-disable REGISTRATION},
 * {@code estuary:mailbox-cancel REGISTRATION}, {@code estuary:metrics}; the page {@code estuary-mailbox}).
 */
final class MailboxView {

    private MailboxView() {
    }

    static ServiceView of(MailboxAdmin admin) {
        Table<RegistrationInfo> registrations = new Table<>("mailbox-registrations", "registration",
                "Lists the event mailbox's registrations: expiration, stored events and bytes, push target, pull "
                        + "iterator, unknown events and why delivery last stopped, a page at a time.",
                null, List.of(
                        Column.id("Registration", RegistrationInfo::id),
                        Column.text("Expires", (RegistrationInfo r) -> Format.time(r.expiration())),
                        Column.number("Events", RegistrationInfo::events),
                        Column.text("Bytes", (RegistrationInfo r) -> Format.bytes(r.bytes())),
                        Column.text("Push target", (RegistrationInfo r) -> r.target() == null ? "off" : r.target())
                                .width(60),
                        Column.text("Iterator",
                                (RegistrationInfo r) -> r.iterator() == 0 ? "-" : Long.toString(r.iterator())),
                        Column.number("Unknown events", RegistrationInfo::unknownEvents),
                        Column.text("Delivery stopped because", RegistrationInfo::lastFailure).width(80)),
                RegistrationInfo::id,
                (parent, offset, limit, after) -> after == null ? admin.registrations(offset, limit)
                        : admin.registrationsAfter(after, offset, limit),
                (parent, page) -> Format.count(page.total(), "registration", "registrations") + ", "
                        + Format.count(admin.eventCount(), "stored event", "stored events") + ", "
                        + Format.bytes(admin.bytes()));
        Table<UnknownEventInfo> unknown = new Table<>("mailbox-unknown", "pair",
                "Lists a registration's unknown-event list: the (event id, source) pairs whose events are refused "
                        + "to their generators and skipped.",
                registrations, List.of(
                        Column.id("#", UnknownEventInfo::index),
                        Column.number("Event id", UnknownEventInfo::eventId),
                        Column.text("Source", UnknownEventInfo::source).width(60)),
                UnknownEventInfo::index,
                (registration, offset, limit, after) -> {
                    if (admin.registration(registration).isEmpty()) {
                        throw new IllegalArgumentException("no mailbox registration " + Ids.format(registration));
                    }
                    return admin.unknownEvents(registration, after == null ? offset : after, limit);
                },
                (registration, page) -> "registration " + Ids.format(registration) + ", "
                        + Format.count(page.total(), "unknown pair", "unknown pairs"));
        Action disable = new Action("mailbox-disable", "Disable delivery", "Disables a registration's push "
                + "delivery as its client would (EM.4.1); its events stay stored until the client enables "
                + "delivery again or pulls them.", registrations, ids -> admin.disableDelivery(ids[0]),
                "Disabled delivery of mailbox registration {0}", "no mailbox registration {0}");
        Action cancel = new Action("mailbox-cancel", "Cancel", "Cancels a registration as its client would "
                + "(EM.3): its stored events are dropped and its listener answers NoSuchObjectException.",
                registrations, ids -> admin.cancel(ids[0]), "Cancelled mailbox registration {0}",
                "no mailbox registration {0}");
        return new ServiceView("mailbox", "Estuary event mailbox", List.of(registrations, unknown),
                List.of(disable, cancel), admin::metrics);
    }
}
