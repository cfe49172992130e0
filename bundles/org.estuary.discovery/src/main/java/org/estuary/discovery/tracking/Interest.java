package org.estuary.discovery.tracking;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

import net.jini.core.discovery.LookupLocator;

/**
 * What one registration of the lookup discovery service seeks: its managed set of groups (or no set: every group)
 * and its managed set of locators, with the argument rules of {@code register} (LD.3.1) and of the group and
 * locator mutators of {@code LookupDiscoveryRegistration} (LD.4.1.1). Immutable: each mutator returns the new
 * interest and leaves this one as it was, so a refused call changes nothing.
 */
public final class Interest {

    private final Set<String> groups; // null: every group
    private final Set<LookupLocator> locators;

    private Interest(Set<String> groups, Set<LookupLocator> locators) {
        this.groups = groups == null ? null : Collections.unmodifiableSet(groups);
        this.locators = Collections.unmodifiableSet(locators);
    }

    /**
     * The interest of a new registration (LD.3.1): {@code null} groups mean every group, an empty array none;
     * {@code null} or empty locators mean none; duplicates are removed.
     *
     * @param groups the groups, or null for every group
     * @param locators the locators, or null for none
     * @return the interest
     * @throws NullPointerException if an element of either array is null
     */
    public static Interest register(String[] groups, LookupLocator[] locators) {
        return new Interest(groups == null ? null : groupSet(groups, "LD.3.1 register"),
                locators == null ? new LinkedHashSet<>() : locatorSet(locators, "LD.3.1 register"));
    }

    /** @return the managed set of groups, null for every group */
    public Set<String> groups() {
        return groups;
    }

    /** @return the managed set of locators */
    public Set<LookupLocator> locators() {
        return locators;
    }

    /** @return the groups as {@code getGroups} returns them: a new array, null for every group (LD.4.1.1) */
    public String[] groupsArray() {
        return groups == null ? null : groups.toArray(new String[0]);
    }

    /** @return the locators as {@code getLocators} returns them: a new array (LD.4.1.1) */
    public LookupLocator[] locatorsArray() {
        return locators.toArray(new LookupLocator[0]);
    }

    /**
     * LD.4.1.1 {@code addGroups}.
     *
     * @param add the groups to add
     * @return the new interest
     * @throws UnsupportedOperationException if the registration seeks every group (no set to augment)
     * @throws NullPointerException if {@code add} or one of its elements is null
     */
    public Interest addGroups(String[] add) {
        if (groups == null) {
            throw new UnsupportedOperationException("LD.4.1.1 addGroups: the registration seeks every group, so "
                    + "there is no managed set of groups to add to; use setGroups");
        }
        Set<String> result = new LinkedHashSet<>(groups);
        result.addAll(groupSet(requireArray(add, "LD.4.1.1 addGroups"), "LD.4.1.1 addGroups"));
        return new Interest(result, locators);
    }

    /**
     * LD.4.1.1 {@code setGroups}: {@code null} seeks every group, an empty array none.
     *
     * @param set the new groups
     * @return the new interest
     * @throws NullPointerException if an element is null
     */
    public Interest setGroups(String[] set) {
        return new Interest(set == null ? null : groupSet(set, "LD.4.1.1 setGroups"), locators);
    }

    /**
     * LD.4.1.1 {@code removeGroups}.
     *
     * @param remove the groups to remove
     * @return the new interest
     * @throws UnsupportedOperationException if the registration seeks every group (no set to remove from)
     * @throws NullPointerException if {@code remove} or one of its elements is null
     */
    public Interest removeGroups(String[] remove) {
        if (groups == null) {
            throw new UnsupportedOperationException("LD.4.1.1 removeGroups: the registration seeks every group, "
                    + "so there is no managed set of groups to remove from; use setGroups");
        }
        Set<String> result = new LinkedHashSet<>(groups);
        result.removeAll(groupSet(requireArray(remove, "LD.4.1.1 removeGroups"), "LD.4.1.1 removeGroups"));
        return new Interest(result, locators);
    }

    /**
     * LD.4.1.1 {@code addLocators}.
     *
     * @param add the locators to add
     * @return the new interest
     * @throws NullPointerException if {@code add} or one of its elements is null
     */
    public Interest addLocators(LookupLocator[] add) {
        Set<LookupLocator> result = new LinkedHashSet<>(locators);
        result.addAll(locatorSet(requireArray(add, "LD.4.1.1 addLocators"), "LD.4.1.1 addLocators"));
        return new Interest(groups, result);
    }

    /**
     * LD.4.1.1 {@code setLocators}.
     *
     * @param set the new locators
     * @return the new interest
     * @throws NullPointerException if {@code set} or one of its elements is null
     */
    public Interest setLocators(LookupLocator[] set) {
        return new Interest(groups, locatorSet(requireArray(set, "LD.4.1.1 setLocators"), "LD.4.1.1 setLocators"));
    }

    /**
     * LD.4.1.1 {@code removeLocators}.
     *
     * @param remove the locators to remove
     * @return the new interest
     * @throws NullPointerException if {@code remove} or one of its elements is null
     */
    public Interest removeLocators(LookupLocator[] remove) {
        Set<LookupLocator> result = new LinkedHashSet<>(locators);
        result.removeAll(locatorSet(requireArray(remove, "LD.4.1.1 removeLocators"), "LD.4.1.1 removeLocators"));
        return new Interest(groups, result);
    }

    /**
     * Whether the registration seeks the lookup service by group: it seeks every group, or one of its groups.
     *
     * @param r the lookup service
     * @return true if sought by group
     */
    public boolean byGroup(Registrar r) {
        return groups == null || !Collections.disjoint(groups, r.groups());
    }

    /**
     * Whether the registration seeks the lookup service by locator.
     *
     * @param r the lookup service
     * @return true if its locator is in the managed set
     */
    boolean byLocator(Registrar r) {
        return r.locator() != null && locators.contains(r.locator());
    }

    /**
     * Whether the registration seeks the lookup service at all.
     *
     * @param r the lookup service
     * @return true if sought by group or by locator
     */
    public boolean wants(Registrar r) {
        return byGroup(r) || byLocator(r);
    }

    private static <T> T[] requireArray(T[] array, String where) {
        if (array == null) {
            throw new NullPointerException(where + ": the array is null");
        }
        return array;
    }

    private static Set<String> groupSet(String[] groups, String where) {
        if (Arrays.asList(groups).contains(null)) {
            throw new NullPointerException(where + ": a group name is null");
        }
        return new LinkedHashSet<>(Arrays.asList(groups));
    }

    private static Set<LookupLocator> locatorSet(LookupLocator[] locators, String where) {
        if (Arrays.asList(locators).contains(null)) {
            throw new NullPointerException(where + ": a locator is null");
        }
        return new LinkedHashSet<>(Arrays.asList(locators));
    }

    @Override
    public String toString() {
        return "Interest[groups=" + (groups == null ? "ALL" : groups) + ", locators=" + locators + "]";
    }
}
