/**
 * The discovery protocols on the network, both sides. The discovering side: {@link
 * org.estuary.discovery.net.MulticastRequester} (multicast requests on the standard repeat schedule and the
 * connections lookup services open in answer), {@link org.estuary.discovery.net.AnnouncementListener} and {@link
 * org.estuary.discovery.net.UnicastDiscovery}. The discovered side: {@link
 * org.estuary.discovery.net.LookupServiceEndpoint}, which answers unicast and multicast requests and announces a
 * lookup service. Interfaces, time to live, ports and intervals come from {@link
 * org.estuary.discovery.net.DiscoverySettings}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.discovery.net;
