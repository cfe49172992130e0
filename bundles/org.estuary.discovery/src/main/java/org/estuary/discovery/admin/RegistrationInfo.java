package org.estuary.discovery.admin;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One registration of the lookup discovery service as an operator sees it.
 *
 * @param id the registration's id (its lease's id)
 * @param expiration its lease's expiration, epoch ms
 * @param groups the groups it seeks, comma-separated: "(all)" for every group, "" for none
 * @param locators the locators it seeks, comma-separated
 * @param registrars the lookup services it was told of and not of their discard
 * @param listener its listener (guarded text)
 */
@ProviderType
public record RegistrationInfo(long id, long expiration, String groups, String locators, long registrars,
        String listener) {
}
