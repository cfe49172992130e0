/**
 * The landlord framework for lease grantors (LE.2.2): a {@link org.estuary.lease.LeaseTable} of leased resources
 * with one expiry timer, a {@link org.estuary.lease.LeasePolicy} that turns requested durations into granted ones,
 * and the {@link org.estuary.lease.Landlord} backend interface the client lease objects of
 * {@code org.estuary.lease.client} call.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.2.0")
package org.estuary.lease;
