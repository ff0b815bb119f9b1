Feature: Objects generated from the schema are decoded and validated as upstream's API server does

  One schema (upstream's 1.32 OpenAPI definitions joined with the Go types of k8s.io/api) both
  decodes request bodies in the model's API server and, here, generates them: for every served
  kind, valid objects and objects with a value of the wrong JSON type, an unknown field, or a
  value a validation rule refuses, sent with each fieldValidation. A valid object is accepted and
  reads back as sent, plus defaults; a wrong type is a 400 naming the Go struct field; an unknown
  field is a 400 under Strict, a warning under Warn, nothing under Ignore, and never stored; a
  refused value is a 422 whose causes name the field. A rejected request changes nothing in etcd,
  and nothing in the model fails.

  @A70
  Scenario: Every served kind has objects to generate
    Then every served kind has generated objects

  @A71 @A72 @property
  Scenario: Generated objects are accepted, warned about or rejected as their schema and validation say
    Then generated objects of every served kind are accepted or rejected as their schema and validation say
