package net.jini.discovery;

import java.io.IOException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Management of the set of groups a discovery utility or service discovers. The conventions are the ones the
 * lookup discovery service uses for a registration's managed set of groups (LD.3.1, LD.4.1.1): {@code null}
 * ({@link #ALL_GROUPS}) means every group, the empty array ({@link #NO_GROUPS}) means none.
 */
@ProviderType
public interface DiscoveryGroupManagement {

    /** "No set": discover lookup services of all groups (LD.3.1). */
    String[] ALL_GROUPS = null;

    /** The empty set: discover no lookup service by group (LD.3.1). */
    String[] NO_GROUPS = new String[0];

    /**
     * Returns the groups being discovered.
     *
     * @return the group names, an empty array if none, or null ({@link #ALL_GROUPS}) if all groups
     */
    String[] getGroups();

    /**
     * Adds groups to the set being discovered; duplicates are ignored.
     *
     * @param groups the groups to add
     * @throws IOException if discovery for the new groups cannot be started
     * @throws UnsupportedOperationException if all groups are being discovered
     * @throws NullPointerException if {@code groups} is null or has a null element
     */
    void addGroups(String[] groups) throws IOException;

    /**
     * Replaces the set of groups being discovered.
     *
     * @param groups the new groups, or null for all groups
     * @throws IOException if discovery for the new groups cannot be started
     * @throws NullPointerException if {@code groups} has a null element
     */
    void setGroups(String[] groups) throws IOException;

    /**
     * Removes groups from the set being discovered; names not in the set are ignored.
     *
     * @param groups the groups to remove
     * @throws UnsupportedOperationException if all groups are being discovered
     * @throws NullPointerException if {@code groups} is null or has a null element
     */
    void removeGroups(String[] groups);
}
