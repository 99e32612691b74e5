package dev.fluxbench.app.system;

/**
 * Which stack this process is: every metric and the info endpoint carry it, so that
 * results from runs of the same jar with and without virtual threads cannot be mixed up.
 */
public record Stack(String name) {

}
