package org.estuary.discovery.service;

import java.util.List;

import org.estuary.discovery.admin.DiscoveryAdmin;
import org.estuary.discovery.admin.RegistrarInfo;
import org.estuary.discovery.admin.RegistrationInfo;
import org.estuary.management.Action;
import org.estuary.management.Column;
import org.estuary.management.Format;
import org.estuary.management.ServiceView;
import org.estuary.management.Table;

/**
 * The lookup discovery service as operators see it, over its {@link DiscoveryAdmin}: the lookup services discovery
 * knows (groups, locator, last heard), the registrations and their interests, cancelling a registration, and the
 * metrics. The shell and the web console render it ({@code estuary:discovery-registrars},
 * {@code estuary:discovery-registrations}, {@code estuary:discovery-cancel REGISTRATION}, {@code estuary:metrics};
 * the page {@code estuary-discovery}).
 */
final class DiscoveryView {

    private DiscoveryView() {
    }

    static ServiceView of(DiscoveryAdmin admin) {
        Table<RegistrationInfo> registrations = new Table<>("discovery-registrations", "registration",
                "Lists the lookup discovery service's registrations: expiration, the groups and locators sought, "
                        + "the lookup services each was told of, its listener, a page at a time.",
                null, List.of(
                        Column.id("Registration", RegistrationInfo::id),
                        Column.text("Expires", (RegistrationInfo r) -> Format.time(r.expiration())),
                        Column.text("Groups", RegistrationInfo::groups).width(40),
                        Column.text("Locators", RegistrationInfo::locators).width(60),
                        Column.number("Lookup services", RegistrationInfo::registrars),
                        Column.text("Listener", RegistrationInfo::listener).width(60)),
                RegistrationInfo::id,
                (parent, offset, limit, after) -> after == null ? admin.registrations(offset, limit)
                        : admin.registrationsAfter(after, offset, limit),
                (parent, page) -> Format.count(page.total(), "registration", "registrations") + ", "
                        + Format.count(admin.registrarCount(), "lookup service known", "lookup services known"));
        Table<RegistrarInfo> registrars = new Table<>("discovery-registrars", "lookup",
                "Lists the lookup services discovery knows, in the order it found them: service id, member "
                        + "groups, where it answers, whether it is known by group, when it was last heard.",
                null, List.of(
                        Column.number("#", RegistrarInfo::index),
                        Column.text("Service id", RegistrarInfo::serviceId),
                        Column.text("Groups", RegistrarInfo::groups).width(40),
                        Column.text("Locator", RegistrarInfo::locator).width(60),
                        Column.text("By group", (RegistrarInfo r) -> r.byGroup() ? "yes" : "no"),
                        Column.text("Last heard", (RegistrarInfo r) -> Format.time(r.lastHeard()))),
                RegistrarInfo::index,
                (parent, offset, limit, after) -> admin.registrars(after == null ? offset : after, limit),
                (parent, page) -> Format.count(page.total(), "lookup service", "lookup services"));
        Action cancel = new Action("discovery-cancel", "Cancel", "Cancels a registration as its client would "
                + "(LD.4.1.1): its listener gets no more events and its proxy answers NoSuchObjectException.",
                registrations, ids -> admin.cancel(ids[0]), "Cancelled discovery registration {0}",
                "no discovery registration {0}");
        return new ServiceView("discovery", "Estuary discovery", List.of(registrations, registrars),
                List.of(cancel), admin::metrics);
    }
}
