package org.estuary.discovery.service;

import java.io.IOException;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.Clock;
import org.estuary.discovery.admin.DiscoveryAdmin;
import org.estuary.discovery.admin.RegistrarInfo;
import org.estuary.discovery.admin.RegistrationInfo;
import org.estuary.discovery.tracking.Interest;
import org.estuary.discovery.tracking.RegistrarTracker;
import org.estuary.management.Format;
import org.estuary.management.Page;
import org.estuary.management.Pages;

/**
 * The management view over a lookup discovery service and its tracker: each read copies one page into immutable
 * records, the registrations under the service's lock, the lookup services under the tracker's.
 */
final class AdminView implements DiscoveryAdmin {

    private final DiscoveryService service;
    private final RegistrarTracker tracker;
    private final Clock clock;

    AdminView(DiscoveryService service, RegistrarTracker tracker, Clock clock) {
        this.service = service;
        this.tracker = tracker;
        this.clock = clock;
    }

    @Override
    public long registrationCount() {
        return service.size();
    }

    @Override
    public long registrarCount() {
        return tracker.registrars().size();
    }

    @Override
    public Map<String, Long> metrics() {
        return service.metrics();
    }

    @Override
    public Page<RegistrarInfo> registrars(long offset, int limit) {
        Pages.check(offset, limit);
        List<RegistrarTracker.Heard> heard = tracker.heard();
        long nowMillis = clock.currentTimeMillis();
        long nowNanos = clock.nanoTime();
        List<RegistrarInfo> rows = new ArrayList<>(heard.size());
        long index = 1;
        for (RegistrarTracker.Heard h : heard) {
            rows.add(new RegistrarInfo(index++, h.registrar().id().toString(), String.join(",",
                    h.registrar().groups()), h.registrar().locator() == null ? null
                            : h.registrar().locator().toString(), h.byGroup(),
                    nowMillis - (nowNanos - h.lastHeardNanos()) / 1_000_000));
        }
        return Pages.of(rows, offset, limit);
    }

    @Override
    public Page<RegistrationInfo> registrations(long offset, int limit) {
        return service.registrations(offset, limit, null, AdminView::info);
    }

    @Override
    public Page<RegistrationInfo> registrationsAfter(long afterId, long offset, int limit) {
        return service.registrations(offset, limit, afterId, AdminView::info);
    }

    @Override
    public boolean cancel(long id) throws IOException {
        try {
            service.cancel(id);
            return true;
        } catch (UnknownLeaseException e) {
            return false;
        } catch (RemoteException e) {
            throw new IOException("the store did not record the cancellation of registration "
                    + Long.toUnsignedString(id) + ": " + e.getMessage(), e);
        }
    }

    private static RegistrationInfo info(Registration r, RemoteEventListener listener, int registrars) {
        Interest interest = r.interest();
        String groups = interest.groups() == null ? "(all)" : String.join(",", interest.groups());
        String locators = interest.locators().stream().map(Object::toString).collect(Collectors.joining(","));
        return new RegistrationInfo(r.id(), r.expiration(), groups, locators, registrars,
                listener == null ? "(cannot be read back)" : Format.describe(listener));
    }
}
