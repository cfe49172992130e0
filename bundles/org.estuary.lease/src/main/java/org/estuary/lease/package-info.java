/**
 * The landlord framework for lease grantors (LE.2.2): a {@link org.estuary.lease.LeaseTable} of leased resources
 * with one expiry timer, a {@link org.estuary.lease.LeasePolicy} that turns requested durations into granted ones,
 * the {@link org.estuary.lease.client.Landlord} backend interface the client lease objects of
 * {@code org.estuary.lease.client} call, and what every service's landlord is made of: the
 * {@link org.estuary.lease.DurableLandlord} whose renewals and cancellations go through the service's write path,
 * and the {@link org.estuary.lease.ForwardingLandlord} a service's backend extends to answer as its landlord.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.1.0")
package org.estuary.lease;

