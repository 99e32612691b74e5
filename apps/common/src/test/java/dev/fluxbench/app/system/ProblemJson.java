package dev.fluxbench.app.system;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fluxbench.contract.problem.Problem.InvalidField;
import dev.fluxbench.contract.problem.ProblemType;
import tools.jackson.databind.json.JsonMapper;

/**
 * The problem+json body that every stack must answer with, for comparison with the body
 * that one stack really wrote. Built with Jackson so that a detail with quotes cannot
 * break the JSON.
 */
public final class ProblemJson {

	private ProblemJson() {
	}

	public static String problem(ProblemType type, String instance, String detail, InvalidField... errors) {
		Map<String, Object> problem = new LinkedHashMap<>();
		problem.put("type", type.type().toString());
		problem.put("title", type.title());
		problem.put("status", type.status());
		problem.put("detail", detail);
		problem.put("instance", instance);
		if (errors.length > 0) {
			problem.put("errors", List.of(errors));
		}
		return JsonMapper.shared().writeValueAsString(problem);
	}

}
