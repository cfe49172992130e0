package org.estuary.discovery.admin;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One lookup service as discovery knows it.
 *
 * @param index its position in the order discovery found the lookup services, from 1
 * @param serviceId its service id
 * @param groups its member groups, comma-separated ("" for none)
 * @param locator where it answers unicast discovery ({@code jini://host:port}), or null before it announced itself
 * @param byGroup whether it is known by group (else only by a locator sought)
 * @param lastHeard when it last announced itself or answered, epoch ms
 */
@ProviderType
public record RegistrarInfo(long index, String serviceId, String groups, String locator, boolean byGroup,
        long lastHeard) {
}
