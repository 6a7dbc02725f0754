variable "region" {
  type    = string
  default = "us-east-1"
}

variable "cluster_name" {
  type    = string
  default = "fernhill-prod"
}

variable "vpc_id" {
  type        = string
  description = "VPC shared with the rest of the company network"
}

variable "private_subnet_ids" {
  type        = list(string)
  description = "At least two private subnets in different availability zones"
}

variable "node_instance_types" {
  type    = list(string)
  default = ["m6i.large"]
}

variable "db_instance_class" {
  type    = string
  default = "db.r6g.large"
}
