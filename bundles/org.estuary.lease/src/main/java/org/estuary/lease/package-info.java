/**
 * The landlord framework for lease grantors (LE.2.2): a {@link org.estuary.lease.LeaseTable} of leased resources
 * with one expiry timer, a {@link org.estuary.lease.LeasePolicy} that turns requested durations into granted ones,
 * and {@link org.estuary.lease.OneByOne}, the batched calls of a landlord that renews and cancels one lease at a
 * time. A table is itself the {@link org.estuary.lease.client.Landlord} the client lease objects of
 * {@code org.estuary.lease.client} call; a service that records its leases builds its landlord from
 * {@code org.estuary.lease.durable}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("3.1.0")
package org.estuary.lease;
