package dev.fluxbench.harness.results;

/**
 * Which measurement a set of samples belongs to.
 *
 * @param scenario scenario name
 * @param load the load level: users, or target requests per second in the open model
 * @param stack stack id
 * @param trial 1-based trial number
 */
public record LoadKey(String scenario, int load, String stack, int trial) {

}
