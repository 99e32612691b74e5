package dev.fluxbench.assess;

/**
 * Something already in the shape a target wants, such as a WebClient or an R2DBC driver:
 * the report says so, since a migration plan starts from what is done.
 */
public record Recognition(Target target, String module, String what, Location location) {

}
