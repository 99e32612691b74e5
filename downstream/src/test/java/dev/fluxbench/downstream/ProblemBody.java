package dev.fluxbench.downstream;

import java.util.List;

import dev.fluxbench.contract.problem.Problem.InvalidField;

/**
 * A problem+json body as a client reads it. Read strictly (unknown properties fail), so a
 * test that uses it also checks that the downstream sends no more and no less than this
 * shape.
 */
record ProblemBody(String type, String title, int status, String detail, String instance, List<InvalidField> errors) {

}
